import { defaultAvatarUrl } from '../config';

export function Avatar({ src, size = 32, alt = '' }: { src?: string | null; size?: number; alt?: string }) {
  return (
    <img
      className="avatar"
      src={src || defaultAvatarUrl}
      width={size}
      height={size}
      alt={alt}
      referrerPolicy="no-referrer"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(defaultAvatarUrl)) img.src = defaultAvatarUrl;
      }}
    />
  );
}
