import { App } from 'antd';
import { useEffect } from 'react';
import { currentLocale } from '../../i18n/language.ts';
import { localizeSpecText } from '../../i18n/spec-texts.ts';
import { bindNotifier } from './notifier.ts';

/**
 * Hands the antd App's message and notification instances to the notifier module, with the
 * spec's texts put in the language in use at the moment each toast shows.
 */
export function NotifierBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    bindNotifier({ message, notification, localize: (text) => localizeSpecText(text, currentLocale()) });
    return () => bindNotifier(null);
  }, [message, notification]);
  return null;
}
