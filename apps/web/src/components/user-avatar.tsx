import Avatar from '@mui/material/Avatar';

/** Dark enough for white initials to meet WCAG AA (contrast ≥ 4.5:1). */
const AVATAR_COLOURS = ['#0b3a75', '#00695c', '#6a1b9a', '#ad1457', '#2e7d32', '#4527a0', '#00838f', '#bf360c', '#37474f', '#5d4037'];

export function initialsOf(firstName: string, lastName: string): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || '?';
}

/** The same initials always get the same colour (spec 000 §9: avatar colours derive from initials). */
export function avatarColour(initials: string): string {
  let hash = 0;
  for (const char of initials) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

export function UserAvatar({ firstName, lastName, size = 36 }: { firstName: string; lastName: string; size?: number }) {
  const initials = initialsOf(firstName, lastName);
  return (
    <Avatar
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        bgcolor: avatarColour(initials),
        color: '#fff',
        fontSize: size * 0.42,
        fontWeight: 600,
        border: '2px solid rgba(255,255,255,0.7)',
      }}
    >
      {initials}
    </Avatar>
  );
}
