import { optionPressed, questionPadCount, type QuestionPrompt, type SurfaceEvent, type SurfaceView } from '../domain/index.js';
import { optionAtCell } from './question-canvas.js';

/**
 * The question a surface last showed, so a press answers what the user saw
 * rather than whatever is asked by the time the press is read. Every driver
 * that puts option pads on its keys keeps one.
 */
export class ShownQuestion {
  #question: QuestionPrompt | null = null;

  /** The question on the surface now, or null (none asked, or a Show plays). */
  get current(): QuestionPrompt | null {
    return this.#question;
  }

  /** Records what a live view shows; returns true when it is another question than before (or none now). */
  show(view: SurfaceView): boolean {
    const question = view.prompt?.kind === 'question' && view.selectedState !== null ? view.prompt : null;
    const changed = !sameQuestion(question, this.#question);
    this.#question = question;
    return changed;
  }

  /** A Show frame replaces every option pad. */
  clear(): void {
    this.#question = null;
  }

  /** The press of option pad (x, y) of the glyph canvas (or of the Send pad), or null when none shows there. */
  pressAtCell(x: number, y: number): SurfaceEvent | null {
    const question = this.#question;
    if (question === null) return null;
    const option = optionAtCell(question.question, x, y);
    return option === null ? null : optionPressed(question.ref, question.questionIndex, option);
  }

  /**
   * The press of option `index` (0-based; a multi-select question's Send is the
   * index after its last option) on a surface that puts options on keys of
   * their own, or null past them.
   */
  pressOption(index: number): SurfaceEvent | null {
    const question = this.#question;
    if (question === null || index >= questionPadCount(question.question)) return null;
    return optionPressed(question.ref, question.questionIndex, index);
  }
}

const sameQuestion = (a: QuestionPrompt | null, b: QuestionPrompt | null): boolean =>
  a !== null && b !== null && a.ref === b.ref && a.questionIndex === b.questionIndex;
