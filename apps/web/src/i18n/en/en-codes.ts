/** Words for the codes the server and the trackers use, so no code shows on screen (issue 26 item 6). */
export const enCodes = {
  /** A device log's data package (spec 1 §9 devicePackage). */
  packages: {
    auth: 'Sign-in',
    heartbeat: 'Heartbeat',
    'gps#latest': 'Position',
    'gps#memory': 'Position (sent late)',
    'event#session#error': 'Connection error',
    'event#session#close': 'Connection closed',
    'event#session#timeout': 'Connection timed out',
  } as Record<string, string>,
  /** A fuel tank by the port its sensor is on (its profile key 'fuel', 'fuel2', …). */
  tank: (port: number) => `Tank on port ${port}`,
};
