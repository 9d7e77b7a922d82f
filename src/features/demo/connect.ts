import type { SnapshotFrom } from 'xstate'
import { connectForm } from '../../components/form/connect'
import { type DemoFormEvent, type demoFormMachine, visibleProblems } from '../../../machines/demo-form.machine'
import { type DemoField, type Problem, REQUIRED_DEMO_FIELDS } from '../../../supabase/functions/_shared/demo-fields'
import { demoIds } from './dom'

export interface DemoFormLabels {
  submit: string
  sending: string
}

/** From the form machine's snapshot to the props of the form, its fields, their errors and the button. */
export function connectDemoForm(
  snapshot: SnapshotFrom<typeof demoFormMachine>,
  send: (event: DemoFormEvent) => void,
  labels: DemoFormLabels,
) {
  const form = connectForm(snapshot, send, { idOf: demoIds.field, formId: demoIds.form, botCheckId: demoIds.botCheck })
  const { busy } = form
  const shown = visibleProblems(snapshot.context)
  const state = snapshot.value as string
  // Posted, should it ever go without the app (the page's script holds a submit until it starts).
  const formProps = { ...form.formProps, method: 'post', 'data-scope': 'demo-form', 'data-state': state }
  const submitProps = { ...form.submitProps, 'data-state': busy ? 'busy' : 'idle' }

  return {
    /** The connected form, for the form shell. */
    form: { ...form, formProps, submitProps },
    busy,
    /** The problem each field shows now, if any. */
    problems: shown,
    problemOf: (field: DemoField): Problem | undefined => shown[field],
    formProps,
    getFieldProps: (field: DemoField, { hint = false }: { hint?: boolean } = {}) => {
      const problem = shown[field]
      const describedBy = [problem ? demoIds.error(field) : null, hint ? demoIds.hint(field) : null].filter(Boolean).join(' ')
      return {
        ...form.getInputProps(field),
        name: field,
        required: REQUIRED_DEMO_FIELDS.includes(field),
        'aria-invalid': problem ? (true as const) : undefined,
        'aria-describedby': describedBy || undefined,
        'data-invalid': problem ? '' : undefined,
        // The select has no read-only state: a change while sending is kept for a retry.
        ...(field === 'need' ? { readOnly: undefined } : {}),
      }
    },
    labelFor: (field: DemoField) => demoIds.field(field),
    /** Always present and polite, so a problem is announced when it appears. */
    getErrorProps: (field: DemoField) => ({
      id: demoIds.error(field),
      'aria-live': 'polite' as const,
      'data-part': 'error',
    }),
    getHintProps: (field: DemoField) => ({ id: demoIds.hint(field) }),
    /** The honeypot: hidden from people and assistive technology, filled in only by bots. */
    honeypotProps: { ...form.getInputProps('website'), name: 'website', type: 'text', tabIndex: -1, autoComplete: 'off' },
    // Says it waits, never `disabled`, so that it keeps a keyboard user's focus (as connectForm).
    submitProps,
    submitLabel: busy ? labels.sending : labels.submit,
  }
}
