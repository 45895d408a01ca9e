/**
 * How the platform's facts read to a person: Korean relative time (5분 전, 어제), the calendar
 * month in Seoul's time, a device as its owner recognises it, and a phone number as it is typed.
 * Pure functions of their input and a `now`, shared by every binding and the CLI.
 */

export {
  type CalendarMonth,
  daysOfMonth,
  type MonthDay,
  monthKey,
  PLATFORM_TIME_ZONE,
  parseMonth,
  seoulDay,
  seoulMonth,
  shiftMonth,
} from './calendar-month.ts'
export { type DeviceDescription, type DeviceSummary, describeDevice, summarizeDevice } from './device-description.ts'
export { koreanRelativeTime } from './korean-relative-time.ts'
export { caretAfterDigits, formatKoreanPhoneTyping } from './phone-typing.ts'
