import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';

import { SubmitButton } from '../../../components/submit-button';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { traderQueries } from '../api/trader-queries';
import { useAddTrader } from '../api/use-trader-mutations';
import { useTradersMessages } from '../i18n';

type RegisteredTrader = { id: string; description: string };
type Values = { trader: RegisteredTrader | null };

/**
 * The trader selection of 'Trader Details' (spec 001 §2): the traders with an approved
 * registration, required ('Trader Name is required'), and Add.
 */
export function AddTraderForm() {
  const m = useMessages();
  const t = useTradersMessages();
  const traders = useQuery(traderQueries.registered());
  const add = useAddTrader();
  const { control, handleSubmit, reset } = useForm<Values>({ defaultValues: { trader: null } });

  const onSubmit = handleSubmit(async ({ trader }) => {
    if (!trader) return;
    try {
      const added = await add.mutateAsync({ traderId: trader.id, entityName: trader.description });
      if (added) {
        notify.success(t.added);
        reset({ trader: null });
      } else {
        notify.error(t.alreadyAdded);
      }
    } catch {
      notify.error(t.submissionError);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <Controller
        control={control}
        name="trader"
        rules={{ required: t.traderNameRequired }}
        render={({ field, fieldState }) => (
          <Autocomplete
            options={traders.data ?? []}
            value={field.value}
            onChange={(_event, value) => field.onChange(value)}
            onBlur={field.onBlur}
            getOptionLabel={(option) => option.description}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            loading={traders.isPending}
            loadingText={t.loadingOptions}
            noOptionsText={traders.isError ? t.optionsError : t.noOptions}
            disabled={add.isPending}
            fullWidth
            sx={{ flex: 1, maxWidth: { sm: 480 } }}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                name={field.name}
                label={t.traderName}
                required
                error={!!fieldState.error || traders.isError}
                helperText={fieldState.error?.message ?? (traders.isError ? t.optionsError : undefined)}
              />
            )}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 1.5, width: { xs: '100%', sm: 'auto' }, '& > *': { flex: { xs: 1, sm: 'none' } } }}>
        <SubmitButton busy={add.isPending} icon={<AddIcon />} sx={{ height: 56, px: 3 }}>
          {t.add}
        </SubmitButton>
        {traders.isError && (
          <Button variant="outlined" onClick={() => void traders.refetch()} sx={{ height: 56 }}>
            {m.common.retry}
          </Button>
        )}
      </Box>
    </Box>
  );
}
