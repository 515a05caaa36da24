/** The categories feature's public face: what other features may import. The rest of the folder is its own. */
export { CategorySelector } from './CategorySelector.tsx';
export { ColorSwatch } from './ColorSwatch.tsx';
export { useUserCategories } from './categories.queries.ts';
export {
  categoriesForGender,
  choiceFromChosen,
  choiceToIds,
  type CategoryChoice,
} from './category-selection.ts';
