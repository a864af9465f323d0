/** The form kit: `useAppForm` with pre-bound fields, the record-form frame and its save mutation. */
export { useAppForm, withForm } from './form-hook';
export { RecordForm, RecordFormPage, useSaveMutation, type RecordFormProps, type SaveMutationOptions } from './record-form';
export { RegisterForm, type RegisterFieldsProps, type RegisterFormProps, type RegisterFormTexts } from './register-form';
export { useFieldContext, useFormContext } from './form-context';
export { SubmitForm } from './submit-form';
export type { FieldProps, SelectOption, QuerySelectFieldProps } from './fields';
