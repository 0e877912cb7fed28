import { roleText, useStrings } from '../../i18n/strings.ts';
import { useSessionUser } from '../../store/session.ts';
import { BackHomeResult } from '../../ui/feedback/BackHomeResult.tsx';

/** What a role sees on a route its grants do not reach (issue 25, defect 9): no screen, no calls. */
export function NotAvailableScreen() {
  const strings = useStrings();
  const role = roleText(strings, useSessionUser().userRole);
  return (
    <BackHomeResult
      testId="not-available"
      status="403"
      title={strings.screens.notAvailable}
      body={strings.screens.notAvailableBody(role)}
    />
  );
}
