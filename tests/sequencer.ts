import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Test files that take minutes (the model of Stripe's event stream: 200 histories). Each starts
 * first, so that the other worker runs the rest meanwhile; left in Vitest's order (project by
 * project), one started after most others and ran on alone at the end. */
export const longFiles = ['tests/backend/stripe-event-stream.test.ts']

const isLong = (spec: TestSpecification) => longFiles.some((file) => spec.moduleId.endsWith(`/${file}`))

/** Vitest's order, with the long files first (within their group: a later group still runs later). */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const groupOf = (spec: TestSpecification) => spec.project.config.sequence.groupOrder
    return [...sorted].sort((a, b) => groupOf(a) - groupOf(b) || Number(isLong(b)) - Number(isLong(a)))
  }
}
