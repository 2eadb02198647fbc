// Runs once the project is generated: checks the two properties that become the plugin's identity, so a
// bad value fails here, in one line naming it, rather than as a bundle the runtime refuses. The project
// just generated (a new folder: generate refuses an existing one) is removed; nothing else is touched.
def props = request.properties
def fail = { String key, String why ->
    new File(request.outputDirectory, request.artifactId).deleteDir()
    throw new IllegalArgumentException("@project.artifactId@: -D" + key + "=" + props[key] + ": " + why
            + "; project " + request.artifactId + " not generated")
}
if (!(props['pluginName'] ==~ /[a-z][a-z0-9_]*/)) {
    fail('pluginName', "a plugin name is a lower-case letter, then lower-case letters, digits or '_' "
            + "(it is the Slurm-Plugin-Name and the word Slurm's configuration names the plugin by)")
}
def release = props['slurmRelease'] =~ /([0-9]+)\.([0-9]+)\.([0-9]+)/
if (!release.matches()) {
    fail('slurmRelease', "a Slurm release is major.minor.micro, such as @slurm.release@")
}
// the series this Plugstack plays, first-last (its slurm.releases)
def series = '@slurm.releases@'.split('-').collect { it.split('\\.').collect { s -> s as int } }
def asked = [release.group(1) as int, release.group(2) as int]
def before = { a, b -> a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }
if (before(asked, series[0]) || before(series[1], asked)) {
    fail('slurmRelease', "Plugstack @project.version@ plays Slurm @slurm.releases@ only")
}
