import { expect, test as setup } from './support/test';
import { signIn } from './support/sign-in';
import { ROLES, SESSION_COOKIE, stateFile } from './support/users';

/** Signs each demo user in once through the login page; the specs reuse the saved browser state. */
for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page, context }) => {
    await signIn(page, role);
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
    await context.storageState({ path: stateFile(role) });
  });
}
