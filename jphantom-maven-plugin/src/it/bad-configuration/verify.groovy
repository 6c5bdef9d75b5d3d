def log = new File(basedir, 'build.log').text
assert log.contains("jphantom: unknown dependency scope 'bogus' in scopes; use compile, provided, runtime, system, test")
assert log.contains('Caused by: org.apache.maven.plugin.MojoExecutionException')
assert !new File(basedir, 'target/bad-configuration-1.0-complete.jar').exists()
return true
