/**
 * The console's navigation, in one place: each entry a route of the kernel's table (its title is the label) and
 * the staff roles its API asks for (admin holds every role). Entries without a route are pages still to come:
 * shown greyed, not links;
 * adding one is a row here, its route in the kernel's table and its page in app.tsx.
 */
export interface NavEntry {
  /** Route name in the kernel's table; null: not built yet. */
  route: string | null;
  /** Label of an entry without a route (a routed entry shows its route's title). */
  label?: string;
  roles: readonly string[];
}

export interface NavGroup {
  label: string;
  entries: NavEntry[];
}

export const NAV: readonly NavGroup[] = [
  {
    label: '内容审核',
    entries: [
      { route: 'admin.docs', roles: ['reviewer'] },
      { route: 'admin.blogs', roles: ['reviewer'] },
      { route: 'admin.comments', roles: ['reviewer', 'support'] },
    ],
  },
  {
    label: '投诉与处罚',
    entries: [
      { route: 'admin.complaints', roles: ['support'] },
      { route: 'admin.reports', roles: ['reviewer', 'support'] },
      { route: 'admin.experts', roles: ['reviewer', 'support'] },
      { route: 'admin.users', roles: ['support'] },
      { route: 'admin.audit', roles: ['admin'] },
    ],
  },
  { label: '财务', entries: [{ route: 'admin.withdrawals', roles: ['finance'] }] },
  {
    label: '站点设置',
    entries: [
      { route: 'admin.prices', roles: ['finance'] },
      { route: 'admin.settings.coins', roles: ['finance'] },
      { route: 'admin.settings.pay', roles: ['finance'] },
      { route: 'admin.settings.uploads', roles: ['admin'] },
      { route: 'admin.activities', roles: ['admin'] },
    ],
  },
];

/** Whether someone with `held` roles may use an entry (the API decides; this only hides what would answer 403). */
export function allowed(entry: NavEntry, held: readonly string[]): boolean {
  return held.includes('admin') || entry.roles.some((r) => held.includes(r));
}
