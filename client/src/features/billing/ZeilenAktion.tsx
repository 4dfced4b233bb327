/** An action in a row of a billing table: an icon button named for screen readers and by its tooltip. */
import { Button, type IconName, type Intent } from '@blueprintjs/core';

export interface ZeilenAktionProps {
  name: string;
  icon: IconName;
  intent?: Intent;
  disabled?: boolean;
  onClick(): void;
}

export function ZeilenAktion({ name, icon, intent, disabled, onClick }: ZeilenAktionProps) {
  return (
    <Button
      small
      variant="minimal"
      icon={icon}
      intent={intent}
      aria-label={name}
      title={name}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
