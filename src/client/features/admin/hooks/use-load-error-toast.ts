import { useEffect } from 'react'
import { toast } from '#client/components/ui/use-toast.ts'

/** Loading-failure toasts: 'Error' with the screen's message, once per failure. */
export function useLoadErrorToast(isError: boolean, description: string, title = 'Error') {
  useEffect(() => {
    if (isError) toast({ variant: 'destructive', title, description })
  }, [isError, description, title])
}
