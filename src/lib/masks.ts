import type { MaskitoOptions } from '@maskito/core';

const D = /\d/;

/**
 * Maskito options of a Brazilian phone: (00) 0000-0000 for a landline, (00) 00000-0000 once
 * an 11th digit is typed (spec 001 §5 "Masks"). The field stores the digits only.
 */
export const phoneMaskOptions: MaskitoOptions = {
  mask: ({ value }) => {
    const digits = value.replace(/\D/g, '');
    return digits.length > 10 ? ['(', D, D, ')', ' ', D, D, D, D, D, '-', D, D, D, D] : ['(', D, D, ')', ' ', D, D, D, D, '-', D, D, D, D];
  },
};

/** Maskito options of a CEP: 00000-000 (spec 001 §5 "Masks"). The field stores the digits only. */
export const cepMaskOptions: MaskitoOptions = { mask: [D, D, D, D, D, '-', D, D, D] };

/** The digits of a masked value. */
export const onlyDigits = (value: string) => value.replace(/\D/g, '');
