provider p { probe a(); };
#pragma D attributes Evolving/Sideways/Common provider p provider
