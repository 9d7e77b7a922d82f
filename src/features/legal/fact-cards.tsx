import * as css from './legal.css'

export interface FactCard {
  name: string
  /** Label and value pairs, shown as a description list. */
  facts: ReadonlyArray<readonly [label: string, value: string]>
}

/** A list of small cards, each a heading and a description list (subprocessors, cookie categories). */
export function FactCards({ items }: { items: readonly FactCard[] }) {
  return (
    <ul className={css.vendorList}>
      {items.map((item) => (
        <li key={item.name} className={css.vendor}>
          <h3 className={css.vendorName}>{item.name}</h3>
          <dl className={css.vendorFacts}>
            {item.facts.map(([label, value]) => (
              <div key={label} className={css.vendorFact}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  )
}
