export const appName = 'Advisory Board';

export const companyName = 'Advisory Board';
export const companyLocation = 'Proudly based in the United States';


export const logoUrl = '/logo.svg';
export const defaultAvatarUrl = '/default-avatar.svg';

export const authRedirectDelayMs = 100;

export const toastDurationMs = { default: 3000, success: 500 } as const;

export const defaultPageSize = 10;

/** Mirrors the CSS variables in styles.css; keep both in step. */
export const palette = {
  charcoalGray: '#2f3b41',
  mutedOliveGreen: '#6b7450',
  copperBronze: '#955b32',
  boneBeige: '#e6dccb',
  sageGreen: '#9aab8e',
  antiqueGold: '#c4a35c',
  deepTeal: '#1f5a5e',
  ivory: '#fbf8f0',
} as const;
