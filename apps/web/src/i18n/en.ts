/**
 * English interface strings. Texts fixed by the spec (toasts, banners) live in MESSAGES of
 * @jejak/contract; these are the console's own labels.
 */
export const en = {
  login: {
    title: 'Sign in to your fleet',
    email: 'E-mail',
    password: 'Password',
    submit: 'LOG IN',
    interested: 'Interested?',
    forgotPassword: 'Forgot Password?',
  },
  frame: {
    version: (version: string) => `v${version}`,
    userMenu: 'User menu',
    profile: 'Profile',
    logOut: 'Log Out',
    dashboard: 'Dashboard',
  },
  stage: {
    title: 'This account uses the V1 site',
    body: 'Please go to the V1 site to use your account.',
    back: 'Back',
  },
  screens: {
    comingSoon: 'This screen is coming soon',
    notFound: 'Page not found',
    notFoundBody: 'The page you asked for does not exist.',
    backHome: 'Back to the map',
    error: 'This screen ran into a problem',
    reload: 'Reload',
  },
  vehicle: {
    status: 'Status',
    lastUpdated: 'Last updated',
    speed: 'Speed',
    close: 'Close',
  },
  profile: {
    title: 'Profile',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone number',
    role: 'Role',
    back: 'Back',
  },
};

export type Strings = typeof en;
