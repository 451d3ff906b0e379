/** Shared by the Radix trigger and the stand-in drawn before the dropdown code loads, so they look alike. */
export const MONTH_TRIGGER_CLASS =
  'inline-flex h-10 min-w-0 flex-1 items-center justify-between gap-2 rounded-md border border-slate-400 bg-white px-3 text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-slate-600 sm:w-52 sm:flex-none'
