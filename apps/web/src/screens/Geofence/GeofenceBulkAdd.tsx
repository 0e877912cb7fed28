import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { useStrings } from '../../i18n/strings.ts';
import { BulkUploadDialog } from '../../ui/bulk/BulkUploadDialog.tsx';

/**
 * Bulk Add Geofences on the overview (spec 1 §9): the geofence template and its upload, row by
 * row through /geofence/add; the map and the tree reload after an upload.
 */
export function GeofenceBulkAdd({ uid }: { uid: string }) {
  const o = useStrings().dashboard.overview;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="geofence-bulk-add">
        {o.bulkAdd}
      </Button>
      <BulkUploadDialog
        kind="geofence"
        open={open}
        uid={uid}
        onClose={() => setOpen(false)}
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: geofencesQueryKey(uid) })}
      />
    </>
  );
}
