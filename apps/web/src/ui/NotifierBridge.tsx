import { App } from 'antd';
import { useEffect } from 'react';
import { bindNotifier } from './notifier.ts';

/** Hands the antd App's message and notification instances to the notifier module. */
export function NotifierBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    bindNotifier({ message, notification });
    return () => bindNotifier(null);
  }, [message, notification]);
  return null;
}
