import { eventTitle } from '@jejak/contract';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { notifyFeed, type NotifyItem } from '../../store/notify-feed.ts';
import { formatDateTime, localizeAddress } from '../format.ts';
import { popups } from '../feedback/notifier.ts';
import {
  askForBrowserNotifications,
  mayAskForBrowserNotifications,
  showBrowserNotification,
} from './browser-notifications.ts';
import { popupAllowed, popupLevel } from './event-text.ts';
import { SeenEvents } from './seen-events.ts';

function describe(item: NotifyItem): string {
  const vehicle = `${item.vehicleDisplayName} (${item.vehiclePlate})`;
  return [vehicle, formatDateTime(item.eventCreatedAt), item.address && localizeAddress(item.address)]
    .filter(Boolean)
    .join(' · ');
}

/**
 * In-app event pop-ups (spec 1 §4): each 'notify' message of the live channel shows once,
 * bottom right for 60 s, at the level of its event type, while the Profile switches allow it.
 * The browser's own notification shows too once the user has allowed it; the pop-up offers
 * to ask (browsers only ask from a click), once.
 */
export function EventPopups() {
  const { preference } = useSessionUser();
  const strings = useStrings().alerts.popups;
  const seen = useRef(new SeenEvents());
  // The listener reads the switches as they are now, not as they were when it subscribed.
  const preferenceRef = useRef(preference);
  useEffect(() => {
    preferenceRef.current = preference;
  }, [preference]);

  useEffect(
    () =>
      notifyFeed.subscribe((item) => {
        if (!popupAllowed(preferenceRef.current, item.eventType)) return;
        if (!seen.current.firstSighting(item.evid)) return;
        const title = eventTitle(item);
        const description = describe(item);
        const ask = mayAskForBrowserNotifications() ? (
          <Button size="small" onClick={() => void askForBrowserNotifications()} data-testid="popup-ask-browser">
            {strings.browserNotifications}
          </Button>
        ) : undefined;
        popups.open(popupLevel(item.eventType), title, description, {
          key: `event-${item.evid}`,
          className: `event-popup event-popup-${item.eventType}`,
          actions: ask,
        });
        showBrowserNotification(title, description, item.evid);
      }),
    [strings],
  );

  return null;
}
