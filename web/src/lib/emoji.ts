export const emoji = {
  status: {
    success: '✅',
    error: '❌',
    warning: '⚠️',
    info: 'ℹ️',
    pending: '⏳',
    active: '🟢',
    inactive: '🔴',
  },
  action: {
    add: '➕',
    edit: '✏️',
    delete: '🗑️',
    save: '💾',
    search: '🔍',
    refresh: '🔄',
    view: '👁️',
    close: '✖️',
  },
  tags: {
    tag: '🏷️',
    bookmark: '🔖',
    pin: '📌',
    star: '⭐',
  },
  arrows: {
    up: '⬆️',
    down: '⬇️',
    left: '⬅️',
    right: '➡️',
    expand: '🔽',
    collapse: '🔼',
  },
  security: {
    lock: '🔒',
    unlock: '🔓',
    key: '🔑',
    shield: '🛡️',
  },
  organizations: {
    building: '🏢',
    bank: '🏦',
    factory: '🏭',
    store: '🏬',
  },
  people: {
    user: '👤',
    users: '👥',
    manager: '🧑‍💼',
    advisor: '🧑‍🏫',
  },
  financial: {
    money: '💰',
    card: '💳',
    cash: '💵',
    chart: '📈',
    receipt: '🧾',
  },
  elements: {
    sparkles: '✨',
    lightning: '⚡',
    fire: '🔥',
    globe: '🌍',
    droplet: '💧',
  },
} as const satisfies Record<string, Record<string, string>>;

export type EmojiGroup = keyof typeof emoji;
