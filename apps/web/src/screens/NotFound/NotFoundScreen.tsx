import { useStrings } from '../../i18n/strings.ts';
import { BackHomeResult } from '../../ui/feedback/BackHomeResult.tsx';

/** The fallback for any path not listed (spec 1 §2). */
export function NotFoundScreen() {
  const { screens } = useStrings();
  return <BackHomeResult testId="not-found" status="404" title={screens.notFound} body={screens.notFoundBody} />;
}
