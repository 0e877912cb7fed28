import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Logo } from '../Logo.tsx';

interface SignedOutCardProps {
  title: string;
  /** The card's test id. */
  testId?: string;
  children: ReactNode;
  /** The links under the card's content (to /Login, "Forgot password"). */
  links: ReactNode;
}

/**
 * The card of the pages seen signed out (Login, Reset Password, Confirm Recipient): the logo, the
 * title, the page's content and its links, centred, in the theme's colours.
 */
export function SignedOutCard({ title, testId, children, links }: SignedOutCardProps) {
  return (
    <div className="login-page">
      <Card className="login-card" data-testid={testId}>
        <div className="login-logo">
          <Logo textColour="currentColor" />
        </div>
        <h1 className="login-title">{title}</h1>
        {children}
        <div className="login-links">{links}</div>
      </Card>
    </div>
  );
}
