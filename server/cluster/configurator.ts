/**
 * The engine's override rules are lib/override's (Java-exact, the same code the preview
 * runs): the registry's `configurators` category as a consumer's RegistryDirectory applies
 * it. See lib/override/configure.ts for the semantics per release and
 * lib/override/override-chain.ts for 3.3.6's separate override URL.
 */
export { type Configurator, toConfigurators } from "@/lib/override/configurator";
export { applyConfigurators, type ConfigureContext, configure } from "@/lib/override/configure";
export { configureAddressOverride, configureChain, type OverrideSources } from "@/lib/override/override-chain";
