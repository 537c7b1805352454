export interface Permission {
  id: string;
  name: string;
  description: string;
}

const catalogue: [string, string][] = [
  ['admin', 'Everything in the administration area'],
  ['admin.orgs', 'Organizations'],
  ['admin.orgs.view', 'See organizations'],
  ['admin.orgs.edit', 'Enable, disable and adjust organizations'],
  ['admin.users', 'Users'],
  ['admin.users.view', 'See users'],
  ['admin.users.edit', 'Enable and disable users, assign and remove roles'],
  ['admin.roles', 'Roles'],
  ['admin.roles.view', 'See roles'],
  ['admin.roles.edit', 'Create roles and change their permissions'],
  ['admin.permissions', 'Permissions'],
  ['admin.permissions.view', 'See the permission catalogue'],
  ['admin.subscriptions', 'Subscription plans'],
  ['admin.subscriptions.view', 'See subscription plans'],
  ['admin.subscriptions.edit', 'Create and edit subscription plans'],
  ['admin.stripe', 'Payments'],
  ['admin.stripe.view', 'See payments and the webhook log'],
  ['admin.stripe.edit', 'Send test payment events'],
  ['admin.assistants', 'Assistants'],
  ['admin.assistants.view', 'See assistants, components and tags'],
  ['admin.assistants.edit', 'Edit assistants, components and tags'],
  ['admin.audit', 'Audit'],
  ['admin.audit.view', 'Read the history of any stream'],
  ['admin.projections', 'Projections'],
  ['admin.projections.view', 'See read models and queues'],
  ['admin.projections.edit', 'Rebuild read models'],
  ['admin.messages', 'Contact messages'],
  ['admin.messages.view', 'Read the messages sent through the contact form'],
  ['admin.apiTest', 'Use the API tester'],
];

/** The server-defined permission catalogue; a permission's id is its name. */
export const PERMISSIONS: readonly Permission[] = catalogue.map(([name, description]) => ({ id: name, name, description }));

export const isKnownPermission = (name: string) => PERMISSIONS.some((p) => p.name === name);

/** Dot-hierarchical: holding `admin.users` grants `admin.users.edit`. */
export function holds(granted: readonly string[], needed: string): boolean {
  return granted.some((g) => g === needed || needed.startsWith(`${g}.`));
}
