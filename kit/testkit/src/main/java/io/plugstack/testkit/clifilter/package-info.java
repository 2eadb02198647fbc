/**
 * Fixtures for cli_filter plugins: an option set ({@link io.plugstack.testkit.clifilter.FakeCliOptions}) to
 * call setup_defaults and pre_submit with.
 */
package io.plugstack.testkit.clifilter;
