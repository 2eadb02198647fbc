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
// The plugin's classes are named after -DpluginName, as a C plugin's file is: scratch_space gives
// ScratchSpacePlugin, ScratchSpacePluginTest and ScratchSpacePluginIT (the template's default name gives
// the names README shows). Only the class names change; the template's behaviour is the author's to rewrite.
def project = new File(request.outputDirectory, request.artifactId)
def packagePath = (props['package'] ?: request.groupId).replace('.', '/')
def mainDir = new File(project, 'src/main/java/' + packagePath)
def template = mainDir.listFiles().find { it.name.endsWith('Plugin.java') }
def oldClass = template.name - '.java'
def newClass = props['pluginName'].split('_').findAll { it }.collect { it.capitalize() }.join('') + 'Plugin'
if (oldClass != newClass) {
    ['src/main/java/', 'src/test/java/'].each { root ->
        new File(project, root + packagePath).listFiles().findAll { it.name.endsWith('.java') }.each { f ->
            f.text = f.text.replaceAll('\\b' + oldClass + '(?=(Test|IT)?\\b)', newClass)
            if (f.name.startsWith(oldClass)) {
                f.renameTo(new File(f.parentFile, newClass + (f.name - oldClass)))
            }
        }
    }
}
