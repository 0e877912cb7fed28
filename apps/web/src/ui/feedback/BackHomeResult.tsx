import { Button, Result, type ResultProps } from 'antd';
import { Link } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';

interface BackHomeResultProps {
  testId: string;
  status: ResultProps['status'];
  title: string;
  body: string;
}

/** A page in place of a screen that cannot be shown, with the way back to the map. */
export function BackHomeResult({ testId, status, title, body }: BackHomeResultProps) {
  const strings = useStrings();
  return (
    <div className="screen-padded" data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={body}
        extra={
          <Link to="/">
            <Button type="primary">{strings.screens.backHome}</Button>
          </Link>
        }
      />
    </div>
  );
}
