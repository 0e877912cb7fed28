import type { Notification } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { useNotifications } from '../../api/alerts/notifications.ts';
import { useRuleTemplates } from '../../api/alerts/rules.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { NotChosenCard } from '../../ui/forms/NamedSetForm.tsx';
import { NotificationEditor } from './NotificationEditor.tsx';
import { nfidCandidates, stateNotification } from './notification-form.ts';
import './notification-form.css';

/** The notification an edit route names: the fresh copy, else the one in the navigation state. */
function useEditedNotification(list: readonly Notification[] | undefined): Notification | undefined {
  const { nfid } = useParams();
  const location = useLocation();
  const ids = nfidCandidates(nfid, location.hash);
  const fromState = stateNotification(location.state);
  const fresh = ids.map((id) => list?.find((n) => n.nfid === id)).find((n) => n !== undefined);
  return fresh ?? (fromState && ids.includes(fromState.nfid) ? fromState : undefined);
}

/** Add and Edit Notification (spec 2 §2 Edit Notification, §4, §5). */
export function NotificationFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  const me = useSessionUser();
  const f = useStrings().rules.notificationForm;
  const notifications = useNotifications(me.uid);
  const templates = useRuleTemplates(me.uid);
  const geofences = useQuery({ queryKey: geofencesQueryKey(me.uid), queryFn: () => fetchGeofences(me.uid) });
  const notification = useEditedNotification(notifications.data);
  const title = mode === 'add' ? f.addTitle : f.editTitle;
  // The trees and the form take their initial values once: wait for what they show.
  const loading = templates.isPending || geofences.isPending || (mode === 'edit' && notifications.isPending);
  if (loading) return <NotChosenCard title={title} text="" loading />;
  if (mode === 'edit' && !notification) return <NotChosenCard title={title} text={f.notChosen} loading={false} />;
  return (
    <NotificationEditor
      key={notification?.nfid ?? 'add'}
      title={title}
      mode={mode}
      notification={notification}
      templates={templates.data ?? []}
      geofences={geofences.data ?? { geofences: [], templates: [] }}
    />
  );
}
