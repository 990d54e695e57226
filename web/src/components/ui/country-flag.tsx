/**
 * A country's flag as an SVG image (flag-icons: one small file per flag, fetched when shown), named for screen
 * readers; emoji flags are boxes in some browsers and two letters on Windows. An unknown code shows as it is.
 */
import 'flag-icons/css/flag-icons.min.css';
import { useTranslation } from 'react-i18next';
import { countryName, isCountryCode } from '../../lib/countries';

export function CountryFlag({ code, withName = false }: { code: string | null | undefined; withName?: boolean }) {
  const { i18n } = useTranslation();
  const c = (code ?? '').trim().toUpperCase();
  if (!isCountryCode(c)) return <span>{code ?? ''}</span>;
  const name = countryName(c, i18n.language);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }} title={name}>
      {withName ? (
        // Named beside it: the flag itself is decoration.
        <span className={`fi fi-${c.toLowerCase()}`} aria-hidden />
      ) : (
        <span className={`fi fi-${c.toLowerCase()}`} role="img" aria-label={name} />
      )}
      {withName && <span>{name}</span>}
    </span>
  );
}
