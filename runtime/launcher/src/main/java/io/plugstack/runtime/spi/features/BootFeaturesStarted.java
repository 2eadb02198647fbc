package io.plugstack.runtime.spi.features;

/**
 * Registered by the launcher once it has started (or tried to start) every bundle of the boot features.
 * The console starts before the plugins, so that its terminal is ready in parallel, and waits for this
 * before it takes the first command: a command typed at once still finds every boot plugin there.
 */
public final class BootFeaturesStarted {
}
