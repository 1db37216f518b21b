// In a module of their own: a page showing only the 'Invite members' button takes its text without
// the modal (and Modal's focus scope) that loads when the browser is idle.

/** Texts (GitLab's invite-members modal). */
export const INVITE_MEMBERS_TEXTS = {
  title: 'Invite members',
  intro: (name: string, sourceType: 'project' | 'group') => `You're inviting members to the ${name} ${sourceType}.`,
  search: 'Username, name or email address',
  searching: 'Searching…',
  noResults: 'No matches found',
  results: 'Users',
  selected: 'Selected users',
  remove: (name: string) => `Remove ${name}`,
  role: 'Select a role',
  expiresAt: 'Access expiration date (optional)',
  cancel: 'Cancel',
  invite: 'Invite',
  noUsers: 'Select at least one user to invite.',
  error: 'Something went wrong while inviting members. Please try again.',
  success: 'Members were successfully added',
} as const;
