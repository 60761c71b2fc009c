console.log("papers CLI");
