export { addDelimiter, highCountTrim, limitedCounterWithDelimiter, numberToHumanSize } from './number';
export { truncateSha, firstGrapheme } from './text';
export { identiconBackgroundIndex, identiconInitial } from './identicon';
