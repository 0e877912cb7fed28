import { Button, Result } from 'antd';
import { useSignOut } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';

/** A V1-only user is sent to the V1 site; Back signs them out (spec 1 §1). */
export function V1StageScreen() {
  const strings = useStrings();
  const signOut = useSignOut();
  return (
    <div className="full-page-centre" data-testid="v1-stage">
      <Result
        status="info"
        title={strings.stage.title}
        subTitle={strings.stage.body}
        extra={
          <Button type="primary" onClick={() => void signOut()}>
            {strings.stage.back}
          </Button>
        }
      />
    </div>
  );
}
