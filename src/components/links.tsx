import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { Link } from 'wouter'
import { href, type RouteKey } from '../routes'
import { useLang } from '../i18n/use-lang'
import { buttonLarge, button as buttonStyles } from './ui.css'

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>

interface PageLinkProps extends AnchorProps {
  to: RouteKey
  hash?: string
  children: ReactNode
}

/** A link to a page of the site in the current language. */
export function PageLink({ to, hash, children, ...rest }: PageLinkProps) {
  const lang = useLang()
  return (
    <Link href={href(to, lang, hash)} {...rest}>
      {children}
    </Link>
  )
}

interface ButtonLinkProps extends PageLinkProps {
  variant?: keyof typeof buttonStyles
  size?: 'regular' | 'large'
}

export function ButtonLink({ variant = 'primary', size = 'regular', className, ...rest }: ButtonLinkProps) {
  const classes = [buttonStyles[variant], size === 'large' && buttonLarge, className].filter(Boolean).join(' ')
  return <PageLink className={classes} {...rest} />
}
