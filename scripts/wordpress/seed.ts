console.log("seed: todo")
