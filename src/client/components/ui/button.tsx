import { cva, type VariantProps } from 'class-variance-authority'
import { type ComponentProps, cloneElement, isValidElement } from 'react'
import { cn } from '#client/lib/cn.ts'
import { notYetUsable, useHydrated } from '#client/lib/use-hydrated.ts'

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-blue-700 text-white hover:bg-blue-800',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        ghost: 'text-slate-900 hover:bg-slate-100',
        link: 'text-blue-700 underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-8',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * Render the only child (e.g. a router Link) as the button instead of a <button>: it gets the button's
     * classes (before its own) and props (its own win), as Radix Slot would merge them, without Slot's
     * ~1 KB gzip on every page with a button.
     */
    asChild?: boolean
  }

export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className)
  const hydrated = useHydrated()
  if (asChild && isValidElement<{ className?: string }>(children)) {
    const own = children.props
    return cloneElement(children, {
      ...props,
      ...own,
      className: own.className ? `${classes} ${own.className}` : classes,
    })
  }
  // A submit button is disabled outright until hydrated: pressed (or Enter in its form) before the code
  // runs, the browser would submit the form itself, a GET that puts the fields in the URL.
  const submitsNatively = type === 'submit' && !hydrated
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      {...notYetUsable(hydrated)}
      {...props}
      disabled={props.disabled || submitsNatively}
    >
      {children}
    </button>
  )
}
