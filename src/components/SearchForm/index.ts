export { SearchForm, type SearchFormProps } from './SearchForm';
export { searchFieldsOf, toQuery, initialValues, type SearchField, type SearchInputKind, type SearchValue, type SearchValues } from './fields';
