/** What the dialog uploads: devices (Bulk Add Device) or vehicles (Bulk Create Vehicles). */
export type BulkKind = 'device' | 'vehicle';

export interface BulkUploadDialogProps {
  kind: BulkKind;
  open: boolean;
  /** The user the rows are registered for (the Management page's signed-in user). */
  uid: string;
  onClose: () => void;
  /** Called after an upload, so the tab reloads its rows. */
  onUploaded: () => void;
}

/** The bulk upload dialog of spec 2 §2 and §5; built in issue 11 (this file is its entry point). */
export function BulkUploadDialog(_props: BulkUploadDialogProps) {
  return null;
}
