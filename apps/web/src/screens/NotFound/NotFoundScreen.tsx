import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';

/** The fallback for any path not listed (spec 1 §2). */
export function NotFoundScreen() {
  const strings = useStrings();
  return (
    <div className="screen-padded" data-testid="not-found">
      <Result
        status="404"
        title={strings.screens.notFound}
        subTitle={strings.screens.notFoundBody}
        extra={
          <Link to="/">
            <Button type="primary">{strings.screens.backHome}</Button>
          </Link>
        }
      />
    </div>
  );
}
