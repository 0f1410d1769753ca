import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { enForms } from '@stoa/shared/messages';
import type { FormDefinition, FormValues } from '@stoa/shared/forms';

import { ApiError } from '../../../lib/api-error';
import { FakeXhr } from '../../../testing/fake-xhr';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { FormRenderer, type FormRendererProps } from './form-renderer';

const FILE_ID = '00000000-0000-4000-8000-0000000000f1';
const R = enForms.rules;

/** Every kind of the specification, over three steps. */
const everyKind: FormDefinition = {
  id: 'every',
  title: 'Every kind',
  steps: [
    {
      id: 'plant',
      title: 'Plant',
      fields: [
        { kind: 'title', name: 'plantTitle', label: 'Plant details' },
        { kind: 'text', name: 'plantName', label: 'Plant Name', required: true },
        { kind: 'text', name: 'installedCapacity', label: 'Installed Capacity', required: true, inputType: 'number', unit: 'MW' },
        { kind: 'text', name: 'auxiliaryConsumption', label: 'Auxiliary Consumption', required: true, inputType: 'number', unit: 'MW' },
        {
          kind: 'text',
          name: 'exBusQuantum',
          label: 'Ex-Bus Quantum',
          inputType: 'number',
          unit: 'MW',
          readOnly: true,
          computed: { difference: ['installedCapacity', 'auxiliaryConsumption'] },
        },
        { kind: 'checkbox', name: 'acceptTerms', label: 'I accept the terms', required: true },
        { kind: 'combo', name: 'discomId', label: 'DISCOM', optionSource: 'discoms' },
        { kind: 'comboOthers', name: 'fuelType', label: 'Fuel Type', required: true, options: [{ value: 'Coal', label: 'Coal' }] },
        {
          kind: 'multiCombo',
          name: 'voltages',
          label: 'Voltages',
          options: [
            { value: '11', label: '11 kV' },
            { value: '33', label: '33 kV' },
          ],
        },
        { kind: 'radio', name: 'dedicatedFeeder', label: 'Dedicated Feeder', required: true, yesNo: true },
        { kind: 'displayText', name: 'exBusText', label: 'Ex-bus now', source: 'exBusQuantum' },
        { kind: 'button', name: 'affected', label: 'View Affected Applications', action: 'viewAffected' },
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      fields: [
        { kind: 'date', name: 'validUpto', label: 'Valid Upto' },
        { kind: 'month', name: 'billingMonth', label: 'Billing Month' },
        { kind: 'time', name: 'fromTime', label: 'From Time' },
        { kind: 'file', name: 'panCardFileId', label: 'PAN Card', accept: ['pdf'] },
        { kind: 'emailChips', name: 'alertEmails', label: 'Alert e-mails' },
      ],
    },
    {
      id: 'tables',
      title: 'Tables',
      fields: [
        {
          kind: 'tableInput',
          name: 'meters',
          label: 'Meters',
          columns: [{ kind: 'text', name: 'serial', label: 'Serial No.', required: true }],
        },
        { kind: 'zoneDetails', name: 'zones', label: 'Zone Details' },
        { kind: 'unitDetails', name: 'units', label: 'Generating Units' },
        { kind: 'fileDetails', name: 'documents', label: 'Documents' },
        {
          kind: 'dataTable',
          name: 'history',
          label: 'History',
          columns: [
            { name: 'action', label: 'Action' },
            { name: 'on', label: 'On' },
          ],
        },
      ],
    },
  ],
  rules: [{ kind: 'lessThan', field: 'auxiliaryConsumption', than: 'installedCapacity', message: R.auxiliaryBelowInstalled }],
};

const filled: FormValues = {
  plantName: 'Solar One',
  installedCapacity: 10,
  auxiliaryConsumption: 1.5,
  acceptTerms: true,
  fuelType: 'Coal',
  dedicatedFeeder: false,
};

function renderForm(props: Partial<FormRendererProps> = {}) {
  const onSubmit = vi.fn<(values: FormValues) => Promise<void>>(async () => undefined);
  const utils = render(
    <FormRenderer definition={everyKind} defaultValues={{}} uploadFormName="Registration" onSubmit={onSubmit} {...props} />,
  );
  return { ...utils, onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit };
}

const heading = () => screen.getByRole('heading', { level: 2 });
const stepButton = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Form steps' })).getByRole('button', { name });

describe('form renderer', () => {
  it('renders every kind, step by step, with Next and Previous', async () => {
    const ui = userEvent.setup();
    renderForm({
      optionSources: { discoms: [{ value: 'd1', label: 'Central Gujarat Vij' }] },
      defaultValues: {
        history: [{ action: 'Submitted', on: '2026-03-01' }],
        documents: [{ fileId: FILE_ID, fileName: 'pan.pdf', label: 'PAN Card', validUpto: '2027-01-31', isValid: true, comments: 'Fine' }],
      },
    });
    expect(heading()).toHaveTextContent('Plant');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plant details' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Plant Name/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Installed Capacity/ })).toBeInTheDocument();
    expect(screen.getByText('I accept the terms')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^DISCOM/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Fuel Type/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Voltages/ })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /Dedicated Feeder/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByText('Ex-bus now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Affected Applications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading()).toHaveTextContent('Contact');
    expect(heading()).toHaveFocus();
    expect(await screen.findByRole('group', { name: /^Valid Upto/ })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: /^Billing Month/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^From Time/)).toHaveAttribute('type', 'time');
    expect(screen.getByRole('group', { name: /^PAN Card/ })).toHaveTextContent('No file uploaded');
    expect(screen.getByRole('combobox', { name: /^Alert e-mails/ })).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading()).toHaveTextContent('Tables');
    expect(screen.getByRole('group', { name: 'Meters' })).toHaveTextContent('No rows yet');
    expect(screen.getByRole('group', { name: /^Zone Details/ })).toBeInTheDocument();
    expect(screen.getByText('Total capacity: 0.00 MW')).toBeInTheDocument();
    const documents = screen.getByRole('table', { name: 'Documents' });
    expect(within(documents).getByRole('button', { name: 'Open pan.pdf' })).toBeInTheDocument();
    expect(await within(documents).findByRole('group', { name: /^Valid Upto \(1\)/ })).toBeInTheDocument();
    expect(within(documents).getByRole('checkbox', { name: 'Valid: PAN Card' })).toBeDisabled();
    const history = screen.getByRole('table', { name: 'History' });
    expect(within(history).getByText('Mar 01, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading()).toHaveTextContent('Contact');
    await ui.click(stepButton(/Tables/));
    expect(heading()).toHaveTextContent('Tables');
  });

  it('is compact on a phone: only the current step is titled in the stepper, the others keep their names for screen readers', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }));
    const ui = userEvent.setup();
    renderForm();
    const title = (name: RegExp) => within(stepButton(name)).getByText(name.source);
    expect(getComputedStyle(title(/Contact/)).position).toBe('absolute');
    expect(getComputedStyle(title(/Plant/)).position).not.toBe('absolute');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(getComputedStyle(title(/Contact/)).position).not.toBe('absolute');
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('Ctrl + → and Ctrl + ← move between steps', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Every kind' });
    const input = screen.getByRole('textbox', { name: /^Plant Name/ });
    expect(fireEvent.keyDown(input, { key: 'ArrowRight', ctrlKey: true })).toBe(false);
    expect(heading()).toHaveTextContent('Contact');
    fireEvent.keyDown(form, { key: 'ArrowRight', ctrlKey: true });
    expect(heading()).toHaveTextContent('Tables');
    fireEvent.keyDown(form, { key: 'ArrowRight', ctrlKey: true });
    expect(heading()).toHaveTextContent('Tables');
    fireEvent.keyDown(form, { key: 'ArrowLeft', ctrlKey: true });
    expect(heading()).toHaveTextContent('Contact');
    expect(fireEvent.keyDown(form, { key: 'ArrowLeft' })).toBe(true);
    expect(heading()).toHaveTextContent('Contact');
  });

  it('a submit with errors jumps to the first step in error, flags it and shows every required message', async () => {
    const ui = userEvent.setup();
    const { onSubmit } = renderForm();
    fireEvent.keyDown(screen.getByRole('form'), { key: 'ArrowRight', ctrlKey: true });
    fireEvent.keyDown(screen.getByRole('form'), { key: 'ArrowRight', ctrlKey: true });
    await ui.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(heading()).toHaveTextContent('Plant'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(stepButton(/Plant/)).toHaveAccessibleName(/This step has errors/);
    expect(stepButton(/Contact/)).not.toHaveAccessibleName(/This step has errors/);
    expect(screen.getByText('Plant Name is required')).toBeInTheDocument();
    expect(screen.getByText('Installed Capacity is required')).toBeInTheDocument();
    expect(screen.getByText('I accept the terms must be accepted')).toBeInTheDocument();
    expect(screen.getByText(R.otherValue)).toBeInTheDocument();
    expect(screen.getByText('Dedicated Feeder is required')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Plant Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Plant Name is required');
    await waitFor(() => expect(name).toHaveFocus());

    // Revalidated as the user types.
    await ui.type(name, 'Solar One');
    expect(screen.queryByText('Plant Name is required')).not.toBeInTheDocument();
  });

  it('flags a step with errors once the user leaves it', async () => {
    const ui = userEvent.setup();
    renderForm({
      definition: {
        ...everyKind,
        steps: [
          everyKind.steps[1]!,
          { id: 'x', title: 'Plant', fields: [{ kind: 'text', name: 'plantName', label: 'Plant Name', required: true }] },
          everyKind.steps[2]!,
        ],
      },
    });
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepButton(/Plant/)).not.toHaveAccessibleName(/This step has errors/);
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepButton(/Plant/)).toHaveAccessibleName(/This step has errors/));
    expect(stepButton(/Contact/)).not.toHaveAccessibleName(/This step has errors/);
  });

  it("asks for the Other Value when 'Others' is picked", async () => {
    const ui = userEvent.setup();
    const { onSubmit } = renderForm({
      definition: { id: 'o', title: 'Other', steps: [everyKind.steps[0]!] },
      defaultValues: { ...filled, fuelType: '' },
    });
    await ui.click(screen.getByRole('combobox', { name: /^Fuel Type/ }));
    await ui.click(await screen.findByRole('option', { name: 'Others' }));
    const other = screen.getByRole('textbox', { name: /^Other Value/ });
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(other).toHaveAccessibleDescription('Please provide other value or pick from the given'));
    expect(onSubmit).not.toHaveBeenCalled();
    await ui.type(other, 'Bagasse');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ ...filled, fuelType: 'other', fuelTypeOther: 'Bagasse', exBusQuantum: 8.5 });
  });

  it('number inputs block e, E, + and minus and take at most two decimals; ex-bus follows live', async () => {
    const ui = userEvent.setup();
    renderForm();
    const installed = screen.getByRole('textbox', { name: /^Installed Capacity/ });
    expect(fireEvent.keyDown(installed, { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(installed, { key: 'E' })).toBe(false);
    expect(fireEvent.keyDown(installed, { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(installed, { key: '+' })).toBe(false);
    expect(fireEvent.keyDown(installed, { key: '5' })).toBe(true);
    await ui.type(installed, '12.345');
    expect(installed).toHaveValue('12.34');
    fireEvent.change(installed, { target: { value: '1e5' } });
    expect(installed).toHaveValue('12.34');

    const exBus = screen.getByRole('textbox', { name: /^Ex-Bus Quantum/ });
    expect(exBus).toHaveAttribute('readonly');
    await ui.type(screen.getByRole('textbox', { name: /^Auxiliary Consumption/ }), '2.3');
    expect(exBus).toHaveValue('10.04');
    expect(screen.getByText('10.04')).toBeInTheDocument();
  });

  it('re-checks a cross-field rule when its other side changes', async () => {
    const ui = userEvent.setup();
    renderForm({ defaultValues: { ...filled, auxiliaryConsumption: 12 }, initialStep: 2 });
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    const aux = await screen.findByRole('textbox', { name: /^Auxiliary Consumption/ });
    expect(aux).toHaveAccessibleDescription(R.auxiliaryBelowInstalled);
    await ui.type(screen.getByRole('textbox', { name: /^Installed Capacity/ }), '0');
    await waitFor(() => expect(aux).not.toHaveAccessibleDescription(R.auxiliaryBelowInstalled));
    expect(aux).toHaveAttribute('aria-invalid', 'false');
  });

  it("rejects an invalid e-mail chip with 'Please enter a valid email.' and adds valid ones", async () => {
    const ui = userEvent.setup();
    renderForm({ initialStep: 1 });
    const input = screen.getByRole('combobox', { name: /^Alert e-mails/ });
    await ui.type(input, 'not-an-email{Enter}');
    expect(input).toHaveValue('not-an-email');
    expect(input).toHaveAccessibleDescription('Please enter a valid email.');
    await ui.clear(input);
    await ui.type(input, 'ops@sldc.example.in,');
    expect(screen.getByRole('button', { name: 'ops@sldc.example.in' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(screen.queryByText('Please enter a valid email.')).not.toBeInTheDocument();
  });

  it('read-only renders no editable inputs and no Submit', async () => {
    const ui = userEvent.setup();
    const values: FormValues = {
      ...filled,
      discomId: 'd1',
      voltages: ['11'],
      validUpto: '2027-01-31',
      billingMonth: '2026-03',
      fromTime: '10:15',
      panCardFileId: FILE_ID,
      alertEmails: ['a@b.in'],
      units: [{ unitNo: '1', name: 'U1', capacity: 5, commissioningDate: '2020-01-01' }],
      meters: [{ serial: 'M1' }],
    };
    const { container } = renderForm({
      readOnly: true,
      defaultValues: values,
      optionSources: { discoms: [{ value: 'd1', label: 'Central Gujarat Vij' }] },
      fileNames: { [FILE_ID]: 'pan.pdf' },
    });
    const editable = () =>
      [...container.querySelectorAll('input, textarea, select')].filter((el) => {
        const input = el as HTMLInputElement;
        return !input.readOnly && !input.disabled && input.type !== 'hidden' && input.getAttribute('aria-hidden') !== 'true';
      });
    expect(editable()).toEqual([]);
    expect(screen.getByRole('textbox', { name: /^DISCOM/ })).toHaveValue('Central Gujarat Vij');
    expect(screen.getByRole('textbox', { name: /^Dedicated Feeder/ })).toHaveValue('No');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: /^Valid Upto/ })).toHaveValue('Jan 31, 2027');
    expect(screen.getByRole('textbox', { name: /^Billing Month/ })).toHaveValue('Mar 2026');
    expect(screen.getByRole('button', { name: 'Open pan.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Upload file/ })).not.toBeInTheDocument();
    expect(editable()).toEqual([]);
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(editable()).toEqual([]);
    expect(screen.getByText('Total capacity: 5.00 MW')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove row/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add row' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it("shows the server's field errors on their fields and flags their steps", async () => {
    const ui = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid', 'req-1', [
        { fieldName: 'plantName', errorMessages: ['Plant Name is already registered.'] },
        { fieldName: 'alertEmails', errorMessages: ['Please enter a valid email.'] },
      ]);
    });
    renderForm({ onSubmit, defaultValues: filled, initialStep: 2 });
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Plant'));
    expect(onSubmit).toHaveBeenCalledWith({ ...filled, exBusQuantum: 8.5 });
    expect(screen.getByRole('textbox', { name: /^Plant Name/ })).toHaveAccessibleDescription('Plant Name is already registered.');
    expect(stepButton(/Plant/)).toHaveAccessibleName(/This step has errors/);
    expect(stepButton(/Contact/)).toHaveAccessibleName(/This step has errors/);
    expect(stepButton(/Tables/)).not.toHaveAccessibleName(/This step has errors/);
  });

  it('shows a failure without field errors above the buttons', async () => {
    const ui = userEvent.setup();
    renderForm({
      onSubmit: async () => Promise.reject(new ApiError(409, 'CONFLICT', 'The registration was changed by someone else.')),
      defaultValues: filled,
      initialStep: 2,
    });
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The registration was changed by someone else.');
  });

  it("'Renew' stays disabled until the form is changed", async () => {
    const ui = userEvent.setup();
    const { onSubmit } = renderForm({ submitLabel: 'Renew', disableSubmitUntilDirty: true, defaultValues: filled, initialStep: 2 });
    const renew = screen.getByRole('button', { name: 'Renew' });
    expect(renew).toBeDisabled();
    await ui.click(stepButton(/Plant/));
    await ui.type(screen.getByRole('textbox', { name: /^Plant Name/ }), ' II');
    await ui.click(stepButton(/Tables/));
    expect(screen.getByRole('button', { name: 'Renew' })).toBeEnabled();
    await ui.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ plantName: 'Solar One II' })));
  });

  it('keeps Renew disabled when the values differ from the saved ones only by optional fields the server left out', async () => {
    const ui = userEvent.setup();
    // Saved values hold no key for the optional fields (the server drops blanks).
    renderForm({ submitLabel: 'Renew', disableSubmitUntilDirty: true, defaultValues: filled });
    for (let i = 0; i < 2; i++) await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled();
    for (let i = 0; i < 2; i++) await ui.click(screen.getByRole('button', { name: 'Previous' }));
    const accept = screen.getByRole('checkbox', { name: /I accept the terms/ });
    await ui.click(accept);
    await ui.click(accept);
    const name = screen.getByRole('textbox', { name: /^Plant Name/ });
    await ui.type(name, 'x');
    await ui.type(name, '{Backspace}');
    for (let i = 0; i < 2; i++) await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled();
    await ui.click(screen.getByRole('button', { name: 'Previous' }));
    await ui.type(await screen.findByRole('combobox', { name: /^Alert e-mails/ }), 'ops@sldc.example.in{Enter}');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Renew' })).toBeEnabled();
  });

  it("clears a required date's error as soon as a valid date is typed, and keeps its helper line", async () => {
    const ui = userEvent.setup();
    const definition: FormDefinition = {
      id: 'dates',
      title: 'Dates',
      steps: [
        { id: 'one', title: 'One', fields: [{ kind: 'date', name: 'validUpto', label: 'Valid Upto', required: true }] },
        { id: 'two', title: 'Two', fields: [{ kind: 'text', name: 'remarks', label: 'Remarks' }] },
      ],
    };
    renderForm({ definition });
    const group = await screen.findByRole('group', { name: /^Valid Upto/ });
    const helperOf = () => group.closest('.MuiFormControl-root')!.querySelector('.MuiFormHelperText-root');
    // A line is kept under the field even without a message, so nothing below moves when one comes or goes.
    expect(helperOf()).toBeInTheDocument();
    // Leaving the step shows the error on the field the user has not touched yet.
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Previous' }));
    const date = await screen.findByRole('group', { name: /^Valid Upto/ });
    await waitFor(() => expect(screen.getByText('Valid Upto is required')).toBeInTheDocument());
    const [day, month, year] = within(date).getAllByRole('spinbutton');
    await ui.click(day!);
    await ui.keyboard('15');
    await ui.click(month!);
    await ui.keyboard('06');
    await ui.click(year!);
    await ui.keyboard('2030');
    // Still focused on the year: the error goes without waiting for a blur.
    expect(year).toHaveFocus();
    await waitFor(() => expect(screen.queryByText('Valid Upto is required')).not.toBeInTheDocument());
    expect(date.closest('.MuiFormControl-root')!.querySelector('.MuiFormHelperText-root')).toBeInTheDocument();
  });

  it("shows a cell's error only once that cell was left, and every cell's after a submit attempt", async () => {
    const ui = userEvent.setup();
    renderForm({ initialStep: 2, defaultValues: filled });
    const units = () => screen.getByRole('group', { name: 'Generating Units' });
    await ui.click(within(units()).getByRole('button', { name: 'Add row' }));
    const unitNo = screen.getByRole('textbox', { name: /^Unit No\./ });
    await ui.type(unitNo, '1');
    await ui.clear(unitNo);
    await ui.tab();
    await waitFor(() => expect(screen.getByText('Unit No. is required')).toBeInTheDocument());
    // The row's other cells were not visited yet: no error on them.
    expect(screen.queryByText('Unit Name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Capacity (MW) is required')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Unit Name/ })).toHaveAttribute('aria-invalid', 'false');
    await ui.click(within(screen.getByRole('group', { name: 'Meters' })).getByRole('button', { name: 'Add row' }));
    expect(screen.queryByText('Serial No. is required')).not.toBeInTheDocument();
    // Leaving the name cell shows its error, not the capacity's.
    await ui.click(screen.getByRole('textbox', { name: /^Unit Name/ }));
    await ui.tab();
    await waitFor(() => expect(screen.getByText('Unit Name is required')).toBeInTheDocument());
    expect(screen.queryByText('Capacity (MW) is required')).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('Capacity (MW) is required')).toBeInTheDocument());
    expect(screen.getByText('Serial No. is required')).toBeInTheDocument();
    expect(await screen.findByText('Commissioning Date is required')).toBeInTheDocument();
  });

  it('adds and removes rows, validates cells and totals the unit capacity', async () => {
    const ui = userEvent.setup();
    renderForm({ initialStep: 2, defaultValues: filled });
    await ui.click(within(screen.getByRole('group', { name: 'Generating Units' })).getByRole('button', { name: 'Add row' }));
    await ui.click(within(screen.getByRole('group', { name: 'Generating Units' })).getByRole('button', { name: 'Add row' }));
    const [first, second] = screen.getAllByRole('textbox', { name: /^Capacity \(MW\)/ });
    await ui.type(first!, '2.5');
    await ui.type(second!, '4');
    expect(screen.getByText('Total capacity: 6.50 MW')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(screen.getByText('Total capacity: 4.00 MW')).toBeInTheDocument();

    await ui.click(within(screen.getByRole('group', { name: 'Meters' })).getByRole('button', { name: 'Add row' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('Serial No. is required')).toBeInTheDocument());
    expect(screen.getByText('Unit No. is required')).toBeInTheDocument();
    expect(stepButton(/Tables/)).toHaveAccessibleName(/This step has errors/);
  });

  it("uploads a file, refusing a wrong extension with 'Invalid file. Please upload pdf file'", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answers = [ok({ id: FILE_ID, fileName: 'pan-card.pdf', kind: 'pdf', size: 15 }), fail(500, 'INTERNAL', 'boom')];
    const api = mockFetch({ 'POST /api/File/Upload': (_request, index) => answers[index]! });
    const ui = userEvent.setup({ applyAccept: false });
    renderForm({ initialStep: 1 });
    const input = screen.getByLabelText('Upload PAN Card');
    await ui.upload(input, new File(['x'], 'pan.docx'));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file. Please upload pdf file');
    expect(api.calls('POST /api/File/Upload')).toHaveLength(0);

    await ui.upload(input, new File(['%PDF'], 'pan-card.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'Open pan-card.pdf' })).toBeInTheDocument();
    const [request] = api.calls('POST /api/File/Upload');
    expect(request!.url.searchParams.get('formName')).toBe('Registration');
    expect(request!.url.searchParams.get('allowed')).toBe('pdf');

    await ui.upload(screen.getByLabelText('Upload PAN Card'), new File(['%PDF'], 'again.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to upload the file.');
  });

  it('lets the SLDC reviewer tick Valid and write comments, reported to the page', async () => {
    const ui = userEvent.setup();
    const onFileDetailsChange = vi.fn();
    renderForm({
      readOnly: true,
      reviewFileDetails: true,
      onFileDetailsChange,
      initialStep: 2,
      defaultValues: { documents: [{ fileId: FILE_ID, fileName: 'pan.pdf', label: 'PAN Card' }] },
    });
    await ui.click(screen.getByRole('checkbox', { name: 'Valid: PAN Card' }));
    await ui.type(screen.getByRole('textbox', { name: 'Comments: PAN Card' }), 'OK');
    expect(onFileDetailsChange).toHaveBeenLastCalledWith([
      { fileId: FILE_ID, fileName: 'pan.pdf', label: 'PAN Card', isValid: true, comments: 'OK' },
    ]);
  });

  it('a button field calls onButton with its action and the values', async () => {
    const ui = userEvent.setup();
    const onButton = vi.fn();
    renderForm({ onButton, defaultValues: filled });
    await ui.click(screen.getByRole('button', { name: 'View Affected Applications' }));
    expect(onButton).toHaveBeenCalledWith('viewAffected', { ...filled, exBusQuantum: 8.5 });
  });
});

describe('FormRenderer hooks for checks and content the definition cannot hold as data', () => {
  const rows: FormDefinition = {
    id: 'rows',
    title: 'Rows',
    steps: [
      {
        id: 'rows',
        title: 'Rows',
        fields: [
          {
            kind: 'tableInput',
            name: 'rows',
            label: 'Row',
            columns: [
              { kind: 'text', name: 'from', label: 'From', inputType: 'number' },
              { kind: 'text', name: 'to', label: 'To', inputType: 'number' },
              { kind: 'text', name: 'span', label: 'Span', readOnly: true },
            ],
          },
        ],
      },
    ],
  };
  /** Two rows overlap: reported on the later row, as a row-level error. */
  const overlap = (values: FormValues) => {
    const list = (values.rows as { from: number; to: number }[] | undefined) ?? [];
    return list.flatMap((r, i) =>
      list.slice(0, i).some((a) => a.from < r.to && r.from < a.to) ? [{ fieldName: `rows.${i}`, message: 'Rows overlap.' }] : [],
    );
  };

  it('runs extraIssues with the validation, shows a row-level error under its row until the rows change, computes cells and renders step extras', async () => {
    const ui = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    render(
      <FormRenderer
        definition={rows}
        defaultValues={{
          rows: [
            { from: 1, to: 5, span: '' },
            { from: 3, to: 8, span: '' },
          ],
        }}
        uploadFormName="Test"
        onSubmit={onSubmit}
        extraIssues={overlap}
        computedCells={{ 'rows.span': (row) => String(Number(row.to) - Number(row.from)) }}
        renderStepExtra={(stepId) => <p>Extra of {stepId}</p>}
      />,
    );
    expect(screen.getByText('Extra of rows')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Row 2' })).getByLabelText('Span')).toHaveValue('5');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    const second = screen.getByRole('group', { name: 'Row 2' });
    expect(await within(second).findByText('Rows overlap.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Row 1' })).queryByText('Rows overlap.')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // Moving the first row away clears the error of the second.
    const to = within(screen.getByRole('group', { name: 'Row 1' })).getByLabelText('To');
    await ui.clear(to);
    await ui.type(to, '2');
    await waitFor(() => expect(within(second).queryByText('Rows overlap.')).not.toBeInTheDocument());
    expect(within(screen.getByRole('group', { name: 'Row 1' })).getByLabelText('Span')).toHaveValue('1');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
