import {
  SHARE_PATHS,
  ShareAddRequestSchema,
  ShareAddResponseSchema,
  ShareGetRequestSchema,
  ShareGetResponseSchema,
  ShareRevokeRequestSchema,
  ShareRevokeResponseSchema,
  ShareViewResponseSchema,
} from '../../fleet/share-links.ts';
import { get, grant, post } from '../operation.ts';

const shareVehicles = grant('shareVehicles');

/** Share a live position (issue 28 item 6, ADR 0093). */
export const SHARE_OPERATIONS = {
  shareAdd: post(
    SHARE_PATHS.shareAdd,
    shareVehicles,
    "Create a time-limited public link to a vehicle's live position",
    ShareAddRequestSchema,
    ShareAddResponseSchema,
  ),
  shareGet: post(
    SHARE_PATHS.shareGet,
    shareVehicles,
    'Your share links, active and recently ended',
    ShareGetRequestSchema,
    ShareGetResponseSchema,
  ),
  shareRevoke: post(
    SHARE_PATHS.shareRevoke,
    shareVehicles,
    'Revoke a share link at once',
    ShareRevokeRequestSchema,
    ShareRevokeResponseSchema,
  ),
  shareView: get(
    SHARE_PATHS.shareView,
    'public',
    "The shared vehicle's live position, read without a session",
    ShareViewResponseSchema,
  ),
};
