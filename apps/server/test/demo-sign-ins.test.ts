import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/demo/demo-fleet.ts';
import { apiClient, startTestServer, type TestServer } from './harness.ts';

/** Every role has a demo sign-in, so each role's console can be tried (issue 25, defect 10). */
describe('demo sign-ins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('seed one user of every role the console knows', () => {
    expect(new Set(DEMO_USERS.map((u) => u.role))).toEqual(
      new Set(['super', 'support', 'distributor', 'fleetManager', 'fleetOwner', 'fleetOperator']),
    );
  });

  it('sign support staff in under the admin', async () => {
    const admin = await apiClient(server.baseUrl).login('super@demo.jejak.my');
    const support = await apiClient(server.baseUrl).login('support@demo.jejak.my');
    expect(support.userRole).toBe('support');
    expect(support.userHierarchy.startsWith(admin.userHierarchy)).toBe(true);
  });

  it("sign a fleet manager in under the owner, seeing the operator's vehicles", async () => {
    const owner = await apiClient(server.baseUrl).login('owner@demo.jejak.my');
    const client = apiClient(server.baseUrl);
    const manager = await client.login('manager@demo.jejak.my');
    expect(manager.userRole).toBe('fleetManager');
    expect(manager.userHierarchy.startsWith(owner.userHierarchy)).toBe(true);
    const answer = await client.post('/vehicle/get', { uid: manager.uid });
    expect(answer.status).toBe(200);
    expect((answer.body['vehicles'] as unknown[]).length).toBe(5);
  });
});
