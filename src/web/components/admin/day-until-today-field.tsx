// The day something already happened, as staff record it (cash remitted, a payout paid): today by
// default, never later, and never before `from`, the day it could first have happened.
import { TextField } from '../form-field.tsx';

export function DayUntilTodayField({
  label,
  name,
  today,
  from,
}: {
  label: string;
  name: string;
  today: string;
  from: string;
}) {
  return <TextField label={label} name={name} type="date" required defaultValue={today} min={from} max={today} />;
}
