import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';

/** The error boundary of every screen route: the frame stays, the broken screen is replaced. */
export function ScreenError() {
  const error = useRouteError();
  const strings = useStrings();
  useEffect(() => {
    console.error('Screen failed', error);
  }, [error]);
  return (
    <div className="screen-padded" data-testid="screen-error">
      <Result
        status="error"
        title={strings.screens.error}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {strings.screens.reload}
          </Button>
        }
      />
    </div>
  );
}
