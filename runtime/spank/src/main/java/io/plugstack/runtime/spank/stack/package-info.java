/**
 * A SPANK stack and its handle (spank_t): the machinery behind {@link io.plugstack.runtime.spank.SpankSession},
 * private to this bundle.
 */
package io.plugstack.runtime.spank.stack;
